import { mediaPathPattern } from '@tinkercloud/shared';
import type { WidgetProps } from './widget-props.ts';

/**
 * An https address from the widget's options (the page's content policy loads images over https only), or the
 * path of an image uploaded to this server (`/storage/media/v1/{id}`, same origin).
 */
export function imageUrlOf(options: Record<string, unknown> | undefined): string | null {
  const url = options?.url;
  if (typeof url !== 'string') return null;
  if (mediaPathPattern.test(url)) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** A picture from an address the maker set (a floor plan, a logo); the widget's name is its text alternative. */
export function ImageWidget({ widget }: WidgetProps) {
  const url = imageUrlOf(widget.options);
  if (!url) return <p className="muted">No image address set</p>;
  return <img className="widget-image" src={url} alt={widget.name || 'Image'} loading="lazy" />;
}
