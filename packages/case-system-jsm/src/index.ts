export { type JsmCaseSystemOptions, jsmCaseSystem } from './jsm-case-system';
