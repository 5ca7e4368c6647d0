/**
 * The web app manifest (`/manifest.webmanifest`): what a phone needs to install the app to its home screen.
 * Served by the server rather than as a file of the build so the name is the deployment's (PRODUCT_NAME).
 * The icons are files of the web build (apps/web/public/icons, rendered from apps/web/icons/*.svg).
 */
interface WebManifest {
  name: string;
  short_name: string;
  id: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  background_color: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose: 'any' | 'maskable' }[];
}

export const WEB_MANIFEST_PATH = '/manifest.webmanifest';

export function webManifest(productName: string): WebManifest {
  return {
    name: productName,
    short_name: productName,
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    // The light theme's page background and header (apps/web/src/styles/base.css): the splash screen and the
    // title bar before the page's own theme-color takes over.
    background_color: '#f6f7f9',
    theme_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
