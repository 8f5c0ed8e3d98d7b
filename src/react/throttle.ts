export { throttle, type Throttle } from '../core/chat/throttle';
