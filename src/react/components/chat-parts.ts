// The parts a chat shows only when the app turns them on or an answer has what they show:
// sources, follow-ups, feedback, speech and the context meter. One chunk, loaded the first time
// one of them renders (`lazy-chat-parts.ts`); the message bar imports feedback and read aloud
// itself.
export { ContextMeter } from './context-meter';
export { FeedbackButtons } from './feedback';
export { FollowUps } from './follow-ups';
export { SourceList } from './sources/source-list';
export { DictationButton } from './speech/dictation';
export { ReadAloudButton } from './speech/read-aloud';
