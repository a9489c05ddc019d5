export {
  type CompleteIntakeFormInput,
  completeIntakeForm,
  completeIntakeFormInput,
} from './complete-intake-form';
export {
  journeySlug,
  type RecordJourneyTemplateInput,
  recordJourneyTemplateInput,
  type SetJourneyStatusInput,
  setJourneyStatusInput,
} from './journey-input';
export {
  type Journey,
  type JourneyStatus,
  type JourneyStore,
  type JourneyTemplate,
  journeyStatuses,
  type NewJourney,
} from './journey-store';
export {
  attributionSchema,
  journeyViewSchema,
  templateViewSchema,
  toJourneyView,
  toTemplateView,
} from './journey-view';
export { recordJourneyTemplate } from './record-journey-template';
export { setJourneyStatus } from './set-journey-status';
export { startJourney } from './start-journey';
export { viewJourneyTemplate } from './view-template';
export { recordVisitorTouch } from './visitor-touch';
