import zlib from 'node:zlib';

/**
 * Real image files for upload tests: a valid PNG of any size (solid colour), optionally padded with
 * an ancillary chunk up to an exact total length, so size limits can be tested with true PNGs.
 */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

export function png(
  opts: { width?: number; height?: number; rgb?: [number, number, number]; totalBytes?: number } = {},
) {
  const { width = 8, height = 8, rgb = [13, 148, 136] } = opts;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const parts = [signature, chunk('IHDR', ihdr), chunk('IDAT', pixels)];
  const end = chunk('IEND', Buffer.alloc(0));
  if (opts.totalBytes) {
    const used = parts.reduce((n, p) => n + p.length, 0) + end.length + 12;
    if (opts.totalBytes < used) throw new Error(`a PNG needs at least ${used} bytes`);
    parts.push(chunk('zzZz', Buffer.alloc(opts.totalBytes - used, 0x61)));
  }
  return Buffer.concat([...parts, end]);
}

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
export const TEXT = Buffer.from('Just some notes, not an image.\n');

/** A JPEG carrying EXIF with a camera make and a GPS position (IFD3 is the GPS directory). */
export async function jpegWithGps(width = 16, height = 12): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam', Model: 'Tracker 3000' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 46/1 30/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '122/1 25/1 10/1',
      },
    })
    .toBuffer();
}

/** A PNG whose header announces `width` × `height` pixels over a tiny body: a decompression bomb's shape. */
export function pngHeaderClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const body = zlib.deflateSync(Buffer.alloc(4096));
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', body), chunk('IEND', Buffer.alloc(0))]);
}
