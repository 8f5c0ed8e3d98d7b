import type { FileUIPart } from 'ai';
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { useToolChatLabels } from './labels';

/** Which files the composer takes, when `attachments` is on. */
export interface AttachmentOptions {
  /**
   * The file input's `accept`: media types and extensions, comma-separated. Pasted and dropped
   * files are checked against it too.
   * @default every type
   * @example 'image/*,application/pdf'
   */
  accept?: string;
  /**
   * Files per message at most.
   * @default 10
   */
  maxFiles?: number;
  /**
   * Bytes per file at most; a file is sent inline (a `data:` URL), so keep it to what the model takes.
   * @default 10485760 (10 MiB)
   */
  maxFileSize?: number;
}

/** What the composer asks of the tray. */
export interface AttachmentTrayHandle {
  /** Adds files picked, pasted or dropped; those that do not fit are named in a message. */
  add: (files: readonly File[]) => void;
  /** The files as the AI SDK's file parts, and the tray emptied. */
  take: () => Promise<FileUIPart[]>;
}

interface Attachment {
  id: number;
  file: File;
  /** An object URL for an image's thumbnail. */
  preview?: string;
}

export interface AttachmentTrayProps {
  options: AttachmentOptions;
  disabled?: boolean | undefined;
  /** Called with the number of files attached, as it changes. */
  onCountChange: (count: number) => void;
  handle: Ref<AttachmentTrayHandle>;
}

/** Whether `file` matches an `accept` list (`image/*`, `application/pdf`, `.csv`). */
export function accepts(accept: string | undefined, file: File): boolean {
  if (!accept) return true;
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  return accept.split(',').some((entry) => {
    const rule = entry.trim().toLowerCase();
    if (rule === '') return false;
    if (rule.startsWith('.')) return name.endsWith(rule);
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
}

/** A file as the AI SDK's file part: its content inline as a `data:` URL. */
export function toFilePart(file: File): Promise<FileUIPart> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve({ type: 'file', mediaType: file.type || 'application/octet-stream', filename: file.name, url: String(reader.result) });
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}`));
    reader.readAsDataURL(file);
  });
}

let nextId = 0;

/**
 * The composer's attachments: the "Attach files" button and a chip per file (a thumbnail for an
 * image) with a button that removes it. Loaded only by composers with `attachments` on.
 */
export function AttachmentTray({ options, disabled, onCountChange, handle }: AttachmentTrayProps) {
  const labels = useToolChatLabels();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const [items, setItems] = useState<Attachment[]>([]);
  const [rejected, setRejected] = useState<string[]>([]);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const maxFiles = options.maxFiles ?? 10;
  const maxFileSize = options.maxFileSize ?? 10 * 1024 * 1024;

  useEffect(() => onCountChange(items.length), [items.length, onCountChange]);
  // Thumbnails' object URLs go with the tray.
  useEffect(() => () => itemsRef.current.forEach((item) => item.preview && URL.revokeObjectURL(item.preview)), []);

  const add = (files: readonly File[]) => {
    const notes: string[] = [];
    const added: Attachment[] = [];
    let count = itemsRef.current.length;
    for (const file of files) {
      if (!accepts(options.accept, file)) notes.push(labels.attachmentRejected(file.name, 'type'));
      else if (file.size > maxFileSize) notes.push(labels.attachmentRejected(file.name, 'too-large'));
      else if (count >= maxFiles) notes.push(labels.attachmentRejected(file.name, 'too-many'));
      else {
        count++;
        const preview = file.type.startsWith('image/') && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined;
        added.push({ id: nextId++, file, ...(preview === undefined ? {} : { preview }) });
      }
    }
    setRejected(notes);
    if (added.length > 0) setItems((previous) => [...previous, ...added]);
  };

  const [dragging, setDragging] = useState(false);
  const addRef = useRef(add);
  addRef.current = add;
  // The composer around the tray takes pasted and dropped files. Found from the tray's own
  // button (a parent's ref is not set yet when a child's layout effect runs), in the commit
  // that shows the button: a file dropped once it shows is never missed.
  useLayoutEffect(() => {
    const element = buttonRef.current?.closest('form');
    if (!element || disabled) return;
    const take = (files: FileList | null | undefined, event: Event) => {
      if (!files || files.length === 0) return;
      event.preventDefault();
      addRef.current([...files]);
    };
    // A pasted screenshot or copied file attaches; pasted text stays text.
    const onPaste = (event: ClipboardEvent) => take(event.clipboardData?.files, event);
    const onDragOver = (event: DragEvent) => {
      if (!event.dataTransfer?.types.includes('Files')) return;
      event.preventDefault();
      setDragging(true);
    };
    const onDragLeave = () => setDragging(false);
    const onDrop = (event: DragEvent) => {
      setDragging(false);
      take(event.dataTransfer?.files, event);
    };
    element.addEventListener('paste', onPaste);
    element.addEventListener('dragover', onDragOver);
    element.addEventListener('dragleave', onDragLeave);
    element.addEventListener('drop', onDrop);
    return () => {
      element.removeEventListener('paste', onPaste);
      element.removeEventListener('dragover', onDragOver);
      element.removeEventListener('dragleave', onDragLeave);
      element.removeEventListener('drop', onDrop);
    };
  }, [disabled]);

  const remove = (item: Attachment) => {
    if (item.preview) URL.revokeObjectURL(item.preview);
    setItems((previous) => previous.filter((other) => other !== item));
  };

  useImperativeHandle(handle, () => ({
    add,
    take: () => {
      const taken = itemsRef.current;
      setItems([]);
      setRejected([]);
      return Promise.all(
        taken.map((item) => {
          if (item.preview) URL.revokeObjectURL(item.preview);
          return toFilePart(item.file);
        }),
      );
    },
  }));

  return (
    <>
      {dragging && <span className="toolchat-drop-hint">{labels.dropFiles}</span>}
      <button
        ref={buttonRef}
        type="button"
        className="toolchat-attach"
        aria-label={labels.attachFiles}
        title={labels.attachFiles}
        disabled={disabled}
        onClick={() => inputRef.current?.click()}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
          <path d="M20 11.5l-7.8 7.8a5 5 0 0 1-7.1-7.1l8.2-8.2a3.4 3.4 0 0 1 4.8 4.8l-8.2 8.2a1.7 1.7 0 0 1-2.4-2.4l7.4-7.4" />
        </svg>
      </button>
      <input
        ref={inputRef}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        accept={options.accept}
        onChange={(event) => {
          add([...(event.currentTarget.files ?? [])]);
          event.currentTarget.value = '';
        }}
      />
      {(items.length > 0 || rejected.length > 0) && (
        <div className="toolchat-attachments">
          {items.length > 0 && (
            <ul className="toolchat-attachment-list" aria-label={labels.attachments}>
              {items.map((item) => (
                <li key={item.id} className="toolchat-attachment" data-kind={item.preview ? 'image' : 'file'}>
                  {item.preview ? <img src={item.preview} alt="" /> : null}
                  <span className="toolchat-attachment-name">{item.file.name}</span>
                  <button
                    type="button"
                    className="toolchat-attachment-remove"
                    aria-label={labels.removeAttachment(item.file.name)}
                    title={labels.removeAttachment(item.file.name)}
                    onClick={() => remove(item)}
                  >
                    <svg viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
                      <path d="M6 6l12 12M18 6L6 18" />
                    </svg>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {rejected.length > 0 && (
            <p className="toolchat-attachment-error" role="alert">
              {rejected.join('. ')}
            </p>
          )}
        </div>
      )}
    </>
  );
}
AttachmentTray.displayName = 'AttachmentTray';
