import { initials } from '../domain/display';

/**
 * Trainer Photo (SPEC §2): a preview with a remove button when there is a photo. Uploading new
 * photos is issue 6 (Uppy + signed PUT) and is not built yet, so no upload button is offered.
 */
export default function TrainerPhotoField(props: {
  value: string | null;
  onChange(value: string | null): void;
  error?: string;
}) {
  const { value, onChange, error } = props;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-slate-800">Trainer Photo</legend>
      {value ? (
        <div className="flex items-center gap-4">
          <img
            src={value}
            alt="Trainer photo preview"
            width={80}
            height={80}
            className="h-20 w-20 rounded-full object-cover"
          />
          <button
            type="button"
            onClick={() => onChange(null)}
            className="rounded border border-red-700 px-3 py-1 text-red-800 hover:bg-red-50"
          >
            Remove photo
          </button>
        </div>
      ) : (
        <p className="text-sm text-slate-700">
          <span
            aria-hidden="true"
            className="mr-2 inline-flex h-10 w-10 items-center justify-center rounded-full bg-slate-200 font-bold"
          >
            {initials('Trainer')}
          </span>
          No photo: the trainer&apos;s initials are shown instead.
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
