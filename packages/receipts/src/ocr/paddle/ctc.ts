/**
 * Greedy CTC decoding of the recogniser's output: the most likely class per time step, repeats
 * collapsed, blanks (class 0) dropped; confidence is the mean probability of the kept characters.
 */

export interface DecodedText {
  text: string;
  confidence: number;
}

/**
 * Decodes item `index` of a [batch, steps, classes] softmax output. `dictionary[k - 1]` is the
 * character of class k; `steps` may be cut to the part of the input that was real (not padding).
 */
export function ctcDecode(
  probs: Float32Array,
  index: number,
  steps: number,
  totalSteps: number,
  classes: number,
  dictionary: readonly string[],
): DecodedText {
  let text = '';
  let sum = 0;
  let kept = 0;
  let prev = -1;
  const base = index * totalSteps * classes;
  for (let t = 0; t < steps; t++) {
    const row = base + t * classes;
    let best = 0;
    let bestP = probs[row] ?? 0;
    for (let c = 1; c < classes; c++) {
      const p = probs[row + c] ?? 0;
      if (p > bestP) {
        bestP = p;
        best = c;
      }
    }
    if (best !== 0 && best !== prev) {
      text += dictionary[best - 1] ?? '';
      sum += bestP;
      kept++;
    }
    prev = best;
  }
  return { text, confidence: kept ? sum / kept : 0 };
}
