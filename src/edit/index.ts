// Editing: IFP packages (change, compare, lint) and IMG archives.
export { IFPEditor, type EditablePackage } from './ifp-editor.js';
export { MAX_SPAN, type AnimationReduction, type Reduction, type ReduceOptions } from './reduce.js';
export { SHELL_DISTANCE_CM, shellError } from './shell-error.js';
export { diffIFP, type BoneDifference, type ChangedAnimation, type IFPDiff, type ShadowedAnimation } from './ifp-diff.js';
export {
  filterFindings,
  isLintCode,
  lintIFP,
  LINT_RULE_TABLE,
  LINT_RULES,
  LINT_SEVERITIES,
  summarizeLint,
  type LintCode,
  type LintFilter,
  type LintFinding,
  type LintOptions,
  type LintRule,
  type LintSeverity,
  type LintSummary,
} from './ifp-lint.js';
export { IMGEditor, type WrittenIMG } from './img-editor.js';
export { ImgEditor, type WrittenImg } from './img-editor.js';
