import { useState } from 'react';
import { initials } from '../domain/display';

/**
 * A trainer's photo over their initials (docs/product.md): the initials show when there is no photo or it
 * fails to load. Rendered by React in the live list and as static HTML on built pages (home grid,
 * training page), where PhotoFallback.astro removes a photo that fails so the initials show.
 */
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
  return (
    <span className="relative inline-flex shrink-0" style={{ width: size, height: size }}>
      <span
        className={`flex h-full w-full items-center justify-center rounded-full bg-brand-700 font-bold text-white ${size >= 64 ? 'text-2xl' : 'text-sm'}`}
        aria-hidden="true"
      >
        {initials(name)}
      </span>
      {photo && !failed && (
        <img
          src={photo}
          alt={`Photo of ${name}`}
          width={size}
          height={size}
          loading="lazy"
          decoding="async"
          className="absolute inset-0 h-full w-full rounded-full bg-white object-cover"
          data-photo-fallback=""
          onError={() => setFailed(true)}
        />
      )}
    </span>
  );
}
