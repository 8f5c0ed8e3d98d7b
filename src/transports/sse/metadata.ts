// The wire parsers' metadata is the chat's: one definition, in core.
export { compactUsage, type StreamMetadata, type StreamUsage } from '../../core/loop/usage';
