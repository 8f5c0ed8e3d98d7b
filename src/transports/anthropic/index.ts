export { createAnthropicStreamTransform } from './stream-transform';
