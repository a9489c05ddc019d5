export { type Capture, type CaptureOptions, createCapture, type StorefrontCapture } from './capture';
export type { CaptureWindow } from './page';
export type { VisitTrack } from './visitor';
