import { EditorView } from '@codemirror/view';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/app-harness.tsx';
import { fakeIot } from '../iot/testing/fake-iot.ts';
import { manualLive } from '../iot/testing/manual-live.ts';

const id = '5c000000-0000-4000-8000-0000000000d1';
const editorText = () => {
  const el = document.querySelector('.cm-content');
  const view = el && EditorView.findFromDOM(el as HTMLElement);
  return view?.state.doc.toString() ?? '';
};

// CodeMirror measures text through ranges, which jsdom does not lay out.
beforeAll(() => {
  const empty = { length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] };
  Range.prototype.getClientRects ??= () => empty as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

describe('sketch editor and the live stream', () => {
  it("shows a thing's regenerated thingProperties.h when the stream says the sketch changed, without a reload", async () => {
    const content = {
      [id]: {
        files: {
          'Garden.ino': '#include "thingProperties.h"\nvoid setup() {}\nvoid loop() {}\n',
          'thingProperties.h': 'float temperature;\n',
        },
        readOnly: ['thingProperties.h'],
        thing_id: 't1',
      },
    };
    const iot = fakeIot({ sketches: [{ id, name: 'Garden' }], sketchContent: content });
    const live = manualLive();
    renderApp(`/sketches/${id}/`, { handle: iot.handle, live: live.source });
    fireEvent.click(await screen.findByRole('tab', { name: /thingProperties\.h/ }));
    await waitFor(() => expect(editorText()).toBe('float temperature;\n'));
    await waitFor(() => expect(live.listening()).toBeGreaterThan(0));

    // The server regenerated the header after a new variable, then announced it.
    const stored = iot.sketches.content[id] as { files: Record<string, string> };
    stored.files['thingProperties.h'] = 'float temperature;\nint pump;\n';
    live.emit({ type: 'sketches.updated', data: { sketch_id: id } });
    await waitFor(() => expect(editorText()).toBe('float temperature;\nint pump;\n'));

    // An unsaved edit of the .ino stays when the server's copy changes under it (a callback appended).
    fireEvent.click(screen.getByRole('tab', { name: /Garden\.ino/ }));
    await waitFor(() => expect(editorText()).toContain('void loop()'));
    act(() => {
      const el = document.querySelector('.cm-content') as HTMLElement;
      EditorView.findFromDOM(el)?.dispatch({ changes: { from: 0, insert: '// mine\n' } });
    });
    stored.files['Garden.ino'] = `${stored.files['Garden.ino']}\nvoid onPumpChange() {}\n`;
    live.emit({ type: 'sketches.updated', data: { sketch_id: id } });
    await waitFor(() =>
      expect(iot.sketches.calls.filter((c) => c.url.endsWith('Garden.ino')).length).toBeGreaterThan(2),
    );
    expect(editorText().startsWith('// mine\n')).toBe(true);
    expect(editorText()).not.toContain('onPumpChange');
    expect(screen.getByRole('status').textContent).toBe('Unsaved changes');
  });
});
