export { describeActivity, sameActivity, statusLabels, type Activity } from '../core/chat/activity';
