import { REFUSED_REASONS } from '@tinkercloud/shared';

/**
 * A refusal's reason in words a maker acts on. The server's reasons are short and stable (the type checks'
 * "a number is expected", "unknown property", …); the ones that need a hint get one here.
 */
export function reasonInWords(reason: string): string {
  switch (reason) {
    case REFUSED_REASONS.unknownProperty:
      return 'Not a variable of the thing (renamed or deleted?): update the board’s sketch';
    case REFUSED_REASONS.overRateDropped:
      return 'Over the device’s message rate: dropped';
    case REFUSED_REASONS.overRateClosed:
      return 'Over the device’s message rate for too long: not acknowledged, the connection was closed';
    case REFUSED_REASONS.tooLarge:
      return 'A message over the size limit: the connection was closed';
    case 'time in the future':
      return 'Dated more than 5 minutes ahead of the server’s clock';
    default:
      return reason.charAt(0).toUpperCase() + reason.slice(1);
  }
}

/** What the device sent under this name; a message refused whole has none. */
export const refusedName = (name: string) => (name === '' ? 'Whole message' : name);
