import { useEffect, useRef, useState, type ComponentPropsWithoutRef } from 'react';
import type { ExtraProps } from 'react-markdown';
import { useToolChatLabels } from '../components/labels';
import { useImageOrigins } from './trusted-origins';
import { imageSource } from './url-policy';

/**
 * An image whose address the model chose: in its Markdown, or as a file part of its message.
 * Images of this page's origin, of `imageOrigins` and raster `data:` images show at once; any
 * other is a placeholder with its alt text and a button naming its host, and nothing is
 * fetched until the user presses it. Only `src` and `alt` reach the `<img>`: no `srcset`, no
 * `title` the model chose, and no referrer.
 */
export function GuardedImage({ src, alt }: Pick<ComponentPropsWithoutRef<'img'>, 'src' | 'alt'> & ExtraProps) {
  const labels = useToolChatLabels();
  const trusted = useImageOrigins();
  const [allowed, setAllowed] = useState<string | undefined>(undefined);
  const [clicked, setClicked] = useState(false);
  const shown = useRef<HTMLSpanElement | null>(null);
  const source = imageSource(typeof src === 'string' ? src : undefined, document.baseURI, trusted);
  const show = source.kind === 'show' || (source.kind !== 'none' && allowed === source.url);
  // The button is gone once pressed: keep the keyboard where the image now is.
  useEffect(() => {
    if (show && clicked) shown.current?.focus();
  }, [show, clicked]);

  if (source.kind === 'none') return alt ? <span className="toolchat-image-removed">{alt}</span> : null;
  if (show) {
    const image = <img src={source.url} alt={alt ?? ''} loading="lazy" referrerPolicy="no-referrer" />;
    return clicked ? (
      <span className="toolchat-image" ref={shown} tabIndex={-1}>
        {image}
      </span>
    ) : (
      image
    );
  }
  return (
    <span className="toolchat-image" data-state="blocked">
      {alt ? <span className="toolchat-image-alt">{alt}</span> : null}
      <button
        type="button"
        className="toolchat-image-load"
        onClick={() => {
          setClicked(true);
          setAllowed(source.url);
        }}
      >
        {source.kind === 'ask' ? labels.loadImage(source.host) : labels.loadEmbeddedImage}
      </button>
    </span>
  );
}
GuardedImage.displayName = 'GuardedImage';
