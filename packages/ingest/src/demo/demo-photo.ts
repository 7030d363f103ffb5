// The demo paper's photos: real raster images, as a newspaper's PDF carries, so
// ingest finds and cuts them the way it does a real page's. Each is a small seeded
// landscape (sky, sun, hills, a skyline) computed pixel by pixel and stored as a
// PNG: pdfkit embeds a PNG's compressed rows as they are, and a PNG needs no
// asynchronous encoder in the middle of drawing a page.
import { crc32, deflateSync } from 'node:zlib';
import { seededRandom } from './seeded-random.ts';

/** Pixel width of every demo photo: sharp enough for a demo, cheap to make and render. */
const PHOTO_WIDTH = 400;
/** Distinct pictures; with the aspect ratio rounded, most photos of a seed are cache hits. */
const VARIANTS = 16;

type Rgb = [number, number, number];

const SKIES: Array<[Rgb, Rgb]> = [
  [
    [94, 142, 196],
    [205, 225, 240],
  ],
  [
    [232, 140, 92],
    [250, 214, 160],
  ],
  [
    [120, 132, 150],
    [212, 216, 222],
  ],
  [
    [70, 110, 170],
    [240, 200, 170],
  ],
];
const GROUNDS: Rgb[] = [
  [88, 120, 84],
  [118, 104, 78],
  [70, 98, 104],
  [104, 112, 70],
];

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

interface Scene {
  sky: [Rgb, Rgb];
  sun: { x: number; y: number; r: number };
  hills: Array<{ base: number; waves: Array<[number, number, number]>; colour: Rgb }>;
  buildings: Array<{ x0: number; x1: number; top: number; colour: Rgb }>;
}

function scene(variant: number): Scene {
  const random = seededRandom(`demo-photo|${variant}`);
  const sky = random.pick(SKIES);
  const ground = random.pick(GROUNDS);
  const hills = [0.45, 0.6, 0.75].map((base, i) => ({
    base: base + random.next() * 0.08,
    waves: Array.from({ length: 3 }, (): [number, number, number] => [
      0.02 + random.next() * 0.05,
      1 + random.int(1, 4) * (i + 1),
      random.next() * Math.PI * 2,
    ]),
    // Far hills fade into the sky's haze.
    colour: mix(ground, sky[1], 0.55 - i * 0.25),
  }));
  const buildings: Scene['buildings'] = [];
  for (let x = random.next() * 0.1; x < 1; x += 0.04 + random.next() * 0.08) {
    const width = 0.03 + random.next() * 0.07;
    if (random.chance(0.35)) continue;
    const grey = 60 + random.int(0, 60);
    buildings.push({
      x0: x,
      x1: x + width,
      top: 0.5 + random.next() * 0.3,
      colour: [grey, grey, grey + 8],
    });
  }
  return {
    sky,
    sun: {
      x: 0.15 + random.next() * 0.7,
      y: 0.12 + random.next() * 0.2,
      r: 0.05 + random.next() * 0.05,
    },
    hills,
    buildings,
  };
}

function pixel(s: Scene, u: number, v: number, aspect: number): Rgb {
  for (const b of s.buildings) {
    if (u >= b.x0 && u < b.x1 && v >= b.top) {
      // Lit windows in a grid on the facade.
      const wx = ((u - b.x0) * 60) % 1;
      const wy = ((v - b.top) * 40) % 1;
      return wx > 0.3 && wx < 0.7 && wy > 0.3 && wy < 0.75
        ? mix(b.colour, [236, 220, 160], 0.6)
        : b.colour;
    }
  }
  for (let i = s.hills.length - 1; i >= 0; i -= 1) {
    const hill = s.hills[i] as Scene['hills'][number];
    const ridge = hill.waves.reduce(
      (y, [amp, freq, phase]) => y + amp * Math.sin(u * freq * 2 * Math.PI + phase),
      hill.base,
    );
    if (v >= ridge) return mix(hill.colour, [20, 24, 20], Math.min(0.4, (v - ridge) * 0.8));
  }
  const dx = (u - s.sun.x) * aspect;
  const dy = v - s.sun.y;
  const glow = Math.max(0, 1 - Math.hypot(dx, dy) / s.sun.r);
  const sky = mix(s.sky[0], s.sky[1], v);
  return glow > 0 ? mix(sky, [255, 244, 214], Math.min(1, glow * 4)) : sky;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit RGB PNG; every row uses the Up filter, which smooth pictures compress best with. */
function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const stride = width * 3;
  const rows = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const out = y * (stride + 1);
    rows[out] = 2;
    for (let i = 0; i < stride; i += 1) {
      const above = y > 0 ? (rgb[(y - 1) * stride + i] ?? 0) : 0;
      rows[out + 1 + i] = ((rgb[y * stride + i] ?? 0) - above) & 0xff;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const made = new Map<string, Buffer>();

/**
 * A PNG for a photo of `aspect` (width / height), the picture chosen by `seed` in
 * [0, 1): the same seed and aspect always give the same bytes, made once per process.
 */
export function demoPhoto(seed: number, aspect: number): Buffer {
  const variant = Math.floor(seed * VARIANTS) % VARIANTS;
  const rounded = Math.max(0.5, Math.min(4, Math.round(aspect * 20) / 20));
  const key = `${variant}|${rounded}`;
  const cached = made.get(key);
  if (cached) return cached;
  const width = PHOTO_WIDTH;
  const height = Math.round(width / rounded);
  const s = scene(variant);
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const colour = pixel(s, (x + 0.5) / width, (y + 0.5) / height, rounded);
      rgb.set(colour.map(Math.round), (y * width + x) * 3);
    }
  }
  const png = encodePng(width, height, rgb);
  made.set(key, png);
  return png;
}
