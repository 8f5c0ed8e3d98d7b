export { defaultLabels, markerLabels, type ToolLabels } from '../core/chat/labels';
