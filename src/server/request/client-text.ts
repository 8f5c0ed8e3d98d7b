// The texts of client input in error messages are shared with the client's own tool checks.
export { CLIENT_TEXT_LIMIT, formatIssues, formatPath, quoteClientText } from '../../core/tools/issue-text';
