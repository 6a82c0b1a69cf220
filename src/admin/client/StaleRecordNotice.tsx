import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $edited } from './editedRecord';
import Button from '../../ui/Button';

/**
 * Shown when a save was refused because someone else changed the record meanwhile (412). Reload
 * brings their version into the form while what the admin typed stays in its fields; saving again
 * then applies it on top of the latest version.
 */
export function StaleRecordNotice({ noun }: { noun: string }) {
  const { stale, reload } = useStore($edited);
  const [status, setStatus] = useState<'idle' | 'busy' | 'done' | 'failed'>('idle');
  if (!stale && status !== 'done') return null;
  if (!stale) {
    return (
      <p role="status" className="mb-4 rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
        The latest version is loaded; what you typed is kept. Save again to apply it.
      </p>
    );
  }
  const onReload = async () => {
    setStatus('busy');
    try {
      await reload?.();
      setStatus('done');
    } catch {
      setStatus('failed');
    }
  };
  return (
    <div role="alert" className="mb-4 rounded-md border border-amber-400 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold">Someone else changed this {noun} after you opened it.</p>
      <p className="mb-3">
        Your changes were not saved. Reload to get the latest version; what you typed stays in the form.
      </p>
      {status === 'failed' && <p className="mb-3 text-red-800">Could not reload; try again.</p>}
      <Button onClick={onReload} disabled={status === 'busy'}>
        Reload latest version
      </Button>
    </div>
  );
}
