import type { FileUIPart } from 'ai';
import { Suspense, lazy } from 'react';
import { safeLinkUrl } from './safe-url';

// The guard of an image at an address (its origin policy, the "Load image" button) loads with
// the first such image, out of the chat's first load: the user's own attachments (`blob:`,
// raster `data:`) need none of it. The Markdown renderer, itself loaded later, shares it.
const GuardedImage = lazy(() => import('../markdown/guarded-image').then((module) => ({ default: module.GuardedImage })));

const IMAGE_DATA_URL = /^data:image\/(?:png|jpe?g|gif|webp|avif);/i;

/** A URL safe to load for a file: web and blob URLs, and data URLs of raster images only. */
function safeUrl(url: string, image: boolean): string {
  if (/^blob:/i.test(url)) return url;
  if (/^data:/i.test(url)) return image && IMAGE_DATA_URL.test(url) ? url : '';
  return safeLinkUrl(url);
}

export interface FilePartProps {
  part: FileUIPart;
}

/**
 * An attached file: images inline, other files as a link; unsafe URLs show the name only. An
 * image on another origin (a model's or a tool's file part can point anywhere) waits for a
 * click, as a remote image in Markdown does; the user's own attachments are `data:` or `blob:`
 * URLs and show at once.
 */
export function FilePart({ part }: FilePartProps) {
  const image = part.mediaType.startsWith('image');
  const url = safeUrl(part.url, image);
  const name = part.filename ?? part.mediaType;
  if (url && image) {
    const alt = part.filename ?? '';
    return (
      <span className="toolchat-file-image">
        {/^blob:/i.test(url) ? (
          <img src={url} alt={alt} />
        ) : url.startsWith('data:') ? (
          // A raster image written out (`safeUrl` lets no other `data:` through), as the guard shows one.
          <img src={url} alt={alt} loading="lazy" referrerPolicy="no-referrer" />
        ) : (
          <Suspense fallback={alt ? <span className="toolchat-image-alt">{alt}</span> : null}>
            <GuardedImage src={url} alt={alt} />
          </Suspense>
        )}
      </span>
    );
  }
  if (url && !url.startsWith('data:')) {
    return (
      <a className="toolchat-file" href={url} target="_blank" rel="noopener noreferrer" download={part.filename}>
        {name}
      </a>
    );
  }
  return <span className="toolchat-file">{name}</span>;
}
FilePart.displayName = 'FilePart';

export { SourcePart, type SourcePartProps } from './sources/source-part';
