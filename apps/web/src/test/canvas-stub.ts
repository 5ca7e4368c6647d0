/**
 * jsdom has no canvas. uPlot draws through a 2D context and Path2D and watches the pixel ratio with
 * matchMedia: these stand-ins accept every call and draw nothing, so charts mount in unit tests while their
 * data, legend and summary stay real. Installed only where the browser API is missing.
 */

/** A 2D context that stores what is set and answers every method with nothing (text measures 6 px a char). */
function fakeContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const state: Record<string | symbol, unknown> = {
    canvas,
    measureText: (text: string) => ({ width: text.length * 6 }),
    getLineDash: () => [],
  };
  return new Proxy(state, {
    get: (target, key) => (key in target ? target[key] : () => undefined),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

export function installCanvasStub() {
  if (typeof window === 'undefined') return;
  const contexts = new WeakMap<HTMLCanvasElement, CanvasRenderingContext2D>();
  HTMLCanvasElement.prototype.getContext = function getContext(this: HTMLCanvasElement, kind: string) {
    if (kind !== '2d') return null;
    let context = contexts.get(this);
    if (!context) {
      context = fakeContext(this);
      contexts.set(this, context);
    }
    return context;
  } as typeof HTMLCanvasElement.prototype.getContext;

  if (typeof globalThis.Path2D === 'undefined') {
    globalThis.Path2D = class {
      addPath() {}
      closePath() {}
      moveTo() {}
      lineTo() {}
      bezierCurveTo() {}
      quadraticCurveTo() {}
      arc() {}
      arcTo() {}
      ellipse() {}
      rect() {}
      roundRect() {}
    } as unknown as typeof Path2D;
  }

  if (typeof window.matchMedia !== 'function') {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
}
