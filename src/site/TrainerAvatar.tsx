import { useState } from 'react';
import { initials } from '../domain/display';

/** A trainer's photo, or their initials when there is none or it fails to load (SPEC §2 Training card). */
export default function TrainerAvatar({
  name,
  photo,
  size = 40,
}: {
  name: string;
  photo: string | null;
  size?: number;
}) {
  const [failed, setFailed] = useState(false);
  const box = { width: size, height: size };
  if (photo && !failed) {
    return (
      <img
        src={photo}
        alt={`Photo of ${name}`}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        className="shrink-0 rounded-full object-cover"
        style={box}
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span
      className="flex shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
      style={box}
      aria-hidden="true"
    >
      {initials(name)}
    </span>
  );
}
