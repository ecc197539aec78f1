import type { DocumentText } from '../fields/document-text';
import { lostPrint, readByOcr, readableWordCount } from '../read-ocr';
import {
  type PreparedPhoto,
  type QuarterTurns,
  releasePhoto,
} from '../worker/document-worker-client';
import { prepareImageForOcr } from './prepare-image';

export interface TurnedReading {
  image: PreparedPhoto;
  document: DocumentText;
  turn: QuarterTurns;
}

// Sideways first (a phone held the other way), then upside down.
const turnsToTry: QuarterTurns[] = [1, 3, 2];

/**
 * A photo whose upright reading lost nearly all the print may have been taken sideways or upside
 * down: it is read turned a quarter, three quarters and half a turn (one threshold each, no second
 * reading), until a turn reads the print; the turn with the most readable words wins, or the upright
 * reading when no turn reads more. The photo kept for closer readings is the winning turn's.
 */
export async function readTurnedPhoto(
  bytes: Buffer,
  upright: TurnedReading,
): Promise<TurnedReading> {
  let best = upright;
  for (const turn of turnsToTry) {
    const image = await prepareImageForOcr(bytes, true, turn);
    const document = await readByOcr([{ ...image, page: 1 }], 'global');
    if (readableWordCount(document.lines) > readableWordCount(best.document.lines)) {
      if (best !== upright) await releasePhoto(best.image.photo);
      best = { image, document, turn };
    } else await releasePhoto(image.photo);
    if (!lostPrint(best.document.lines)) break;
  }
  // The upright photo the worker kept was let go when a turned one was decoded: decode it again.
  if (best === upright && upright.image.photo !== undefined)
    return { ...upright, image: await prepareImageForOcr(bytes, true) };
  return best;
}
