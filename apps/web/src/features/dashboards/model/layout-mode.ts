import type { LayoutMode } from './editor-widgets.ts';

/** Windows narrower than this show (and the editor previews) the phone layout. */
export const MOBILE_MAX_WIDTH = 640;
/** The phone preview's width in the editor: the narrowest phone the pages support. */
export const PHONE_PREVIEW_WIDTH = 360;
/** One grid row, in pixels, on both layouts (the editor and the view draw the same cells). */
export const ROW_HEIGHT = 64;
export const GRID_GAP = 12;

export const layoutModeFor = (windowWidth: number): LayoutMode =>
  windowWidth < MOBILE_MAX_WIDTH ? 'mobile' : 'desktop';
