import { isConformantName, NAME_MAX_LENGTH, toConformantName } from '@tinkercloud/shared';

export interface SketchNameCheck {
  /** The name that would be saved: the text made conformant (spec section 5). */
  name: string;
  /** Why it cannot be saved, or null. */
  problem: string | null;
}

/**
 * What a typed sketch name becomes and whether it may be saved: "Mon capteur d'été" is saved as
 * `Mon_capteur_dete`. The preview is shown before saving so nobody is surprised by the stored name.
 */
export function checkSketchName(text: string): SketchNameCheck {
  const name = toConformantName(text.trim());
  if (!text.trim()) return { name, problem: 'Give the sketch a name.' };
  if (!name) return { name, problem: 'Use letters or digits: none of these characters can be kept.' };
  if (name.length > NAME_MAX_LENGTH)
    return { name, problem: `Keep the name to ${NAME_MAX_LENGTH} characters (it has ${name.length}).` };
  if (!isConformantName(name)) return { name, problem: 'Start the name with a letter or a digit.' };
  return { name, problem: null };
}
