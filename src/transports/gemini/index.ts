export { createGeminiStreamTransform } from './stream-transform';
