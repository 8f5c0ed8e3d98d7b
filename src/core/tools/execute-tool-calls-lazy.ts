// What `executeToolCall(s)` and `validateToolInput` load with their first call: the engine the
// loop's chunk shares.
export { executeToolCall, executeToolCalls } from './execute-tool-calls-now';
export { validateToolInput } from './input-schema';
