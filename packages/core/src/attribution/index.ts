export {
  maxAttributionJsonLength,
  parseJourneyBody,
  parseTemplateViewQuery,
  type QueryInput,
  type StorefrontCapture,
  type VisitTrack,
} from './capture-input';
export {
  checkNeutralNames,
  defaultDeniedWords,
  findDeniedWord,
  type NeutralNameViolation,
} from './neutral-names';
export {
  clickIdKeys,
  filterParams,
  isAcceptedKey,
  isAcceptedValue,
  type ParamBag,
  type ParamSource,
  paramLimits,
} from './param-filter';
export {
  type Attribution,
  applyTouch,
  journeyAttribution,
  sameTouch,
  type Touch,
  type TouchCapture,
  type TouchContext,
  toTouch,
} from './touches';
export { sanitizeTouchUrl, urlLimits } from './url-sanitizer';
