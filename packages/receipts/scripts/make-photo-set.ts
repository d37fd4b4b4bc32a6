/**
 * Makes the phone-photo set from receipts-dev (scripts/eval/photo-set.ts) if this version of the
 * generator has not made it yet, and prints where it is: `npm run receipts:photos`.
 * `npm run eval:receipts -- --photos` makes it on demand too.
 */
import path from 'node:path';
import { ensurePhotoSet } from './eval/photo-set.js';

const photos = await ensurePhotoSet((l) => console.log(l));
const first = photos[0];
console.log(`${photos.length} photos in ${first ? path.dirname(first.imagePath) : '(none)'}`);
