import { useEffect, useId, useRef, useState } from 'react';
import { initials } from '../../domain/display';
import { PHOTO_HINT, PHOTO_MESSAGES } from '../../domain/trainers/photo';
import { notify } from '../client/notify';
import { useHydrated } from '../../ui/useHydrated';
import { createPhotoUppy, registerPhoto, registrationError, useUppyValue } from './photoUploader';
import Button from '../../ui/Button';

type Message = { kind: 'error' | 'info'; text: string } | null;

/**
 * Trainer Photo (docs/product.md): 'Upload Photo' opens the file picker; Uppy checks the
 * file (its own messages are shown here), PUTs it to a signed URL with progress, then the server
 * registers it and the form gets its object path. With a photo set: a preview and 'Remove photo'.
 */
export default function TrainerPhotoField(props: {
  value: string | null;
  onChange(value: string | null): void;
  error?: string;
}) {
  const { value, onChange, error } = props;
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uppy] = useState(createPhotoUppy);
  const [busy, setBusy] = useState(false);
  // The picker opens from a script: until that has loaded the button says it cannot be used yet.
  const hydrated = useHydrated();
  const [message, setMessage] = useState<Message>(null);
  const [broken, setBroken] = useState(false);
  const fileName = useUppyValue(uppy, (s) => Object.values(s.files)[0]?.name ?? null);
  const progress = useUppyValue(uppy, (s) => s.totalProgress);

  useEffect(() => {
    // Uppy's own messages (too large, wrong type, no connection, failed upload) become this field's message.
    const showInfo = () => {
      const last = uppy.getState().info.at(-1);
      if (!last) return;
      const text = [last.message, typeof last.details === 'string' ? last.details : ''].filter(Boolean).join(': ');
      setMessage({ kind: last.type === 'error' || last.type === 'warning' ? 'error' : 'info', text });
    };
    uppy.on('info-visible', showInfo);
    return () => {
      uppy.off('info-visible', showInfo);
      uppy.destroy();
    };
  }, [uppy]);

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setMessage(null);
    uppy.clear();
    try {
      uppy.addFile({ name: file.name, type: file.type, data: file, source: 'Local' });
    } catch {
      return; // a restriction: Uppy's message arrives through 'info-visible'
    }
    setBusy(true);
    try {
      const uploaded = (await uppy.upload())?.successful?.[0];
      if (!uploaded) return; // Uppy has said why
      const objectPath = await registerPhoto(uploaded.response?.body?.url ?? uploaded.response?.uploadURL ?? '');
      setBroken(false);
      onChange(objectPath);
      notify.success(PHOTO_MESSAGES.uploaded);
    } catch (problem) {
      setMessage({ kind: 'error', text: registrationError(problem) });
    } finally {
      setBusy(false);
      uppy.clear();
    }
  };

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">Trainer Photo</legend>
      {value ? (
        <div className="flex items-center gap-4">
          {broken ? (
            <span className="inline-flex h-20 w-20 items-center justify-center rounded-full bg-slate-200 font-bold">
              {initials('Trainer')}
            </span>
          ) : (
            <img
              src={value}
              alt="Trainer photo preview"
              width={80}
              height={80}
              onError={() => setBroken(true)}
              className="h-20 w-20 rounded-full object-cover"
            />
          )}
          <Button variant="danger" size="sm" onClick={() => onChange(null)}>
            Remove photo
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept="image/*"
            aria-label="Trainer photo file"
            className="hidden"
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          <Button
            variant="outline"
            disabled={busy || !hydrated}
            aria-disabled={busy || !hydrated}
            onClick={() => input.current?.click()}
          >
            Upload Photo
          </Button>
          <span className="text-sm text-slate-700">{PHOTO_HINT}</span>
        </div>
      )}
      {busy && fileName && (
        <div role="status" className="flex items-center gap-3 text-sm text-slate-800">
          <span>
            Uploading {fileName}: {progress}%
          </span>
          <progress max={100} value={progress} aria-label={`Upload progress of ${fileName}`} className="w-40" />
        </div>
      )}
      {message && (
        <p
          role={message.kind === 'error' ? 'alert' : 'status'}
          className={message.kind === 'error' ? 'text-sm text-red-700' : 'text-sm text-slate-700'}
        >
          {message.text}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
