import { EditorView } from '@codemirror/view';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { at, renderApp } from '@/test/app-harness.tsx';
import type { Thing } from '../iot/api/schemas.ts';
import { fakeIot } from '../iot/testing/fake-iot.ts';
import { base64ToText } from './model/base64.ts';

const id = '5c000000-0000-4000-8000-0000000000b1';
const blink = { id, name: 'Blink' };
const content = {
  [id]: {
    files: {
      'Blink.ino': 'void setup() {}\nvoid loop() {}\n',
      'led.h': '#define LED 13\n',
      'arduino_secrets.h': '#define SECRET_PASS "hunter2"\n',
    },
    secrets: { SECRET_PASS: 'hunter2' },
  },
};

const editorView = () => {
  const el = document.querySelector('.cm-content');
  if (!el) throw new Error('no editor');
  const view = EditorView.findFromDOM(el as HTMLElement);
  if (!view) throw new Error('no view');
  return view;
};
// What a keystroke does to the document, inside act so React sees the edit.
const type = (text: string) => act(() => editorView().dispatch({ changes: { from: 0, insert: text } }));
const tabs = () => screen.getAllByRole('tab').map((t) => t.textContent);
const dialog = (name: string) => screen.getByRole('dialog', { name });

async function openBlink(
  iot = fakeIot({ sketches: [{ ...blink }], sketchContent: structuredClone(content) }),
) {
  const app = renderApp(`/sketches/${id}/`, { handle: iot.handle });
  await screen.findByRole('tab', { name: 'Blink.ino' });
  await waitFor(() => expect(editorView().state.doc.toString()).toBe(content[id].files['Blink.ino']));
  return { iot, ...app };
}

// CodeMirror measures text through ranges, which jsdom does not lay out.
beforeAll(() => {
  const empty = { length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] };
  Range.prototype.getClientRects ??= () => empty as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

describe('sketch editor', () => {
  it('lists the main .ino first and never shows arduino_secrets.h', async () => {
    await openBlink();
    expect(tabs()).toEqual(['Blink.ino', 'led.h']);
    expect(document.body.textContent).not.toContain('hunter2');
  });

  it('marks unsaved changes, saves every changed file with the button and with Ctrl+S', async () => {
    const { iot } = await openBlink();
    expect(screen.getByRole('status').textContent).toBe('All changes saved');
    type('// one\n');
    expect(screen.getByRole('status').textContent).toBe('Unsaved changes');
    expect(screen.getByRole('tab', { name: /Blink\.ino.*unsaved changes/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'led.h' }));
    await waitFor(() => expect(editorView().state.doc.toString()).toBe('#define LED 13\n'));
    type('// two\n');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('All changes saved'));
    const writes = iot.sketches.calls.filter((c) => c.method === 'POST');
    expect(writes.map((c) => c.url)).toEqual([
      '/v2/files/f/$HOME/sketches_v2/Blink/Blink.ino',
      '/v2/files/f/$HOME/sketches_v2/Blink/led.h',
    ]);
    expect(base64ToText((writes[1]?.body as { data: string } | undefined)?.data ?? '')).toBe(
      '// two\n#define LED 13\n',
    );
    expect(iot.state.sketchContent[id]?.files['Blink.ino']).toBe('// one\nvoid setup() {}\nvoid loop() {}\n');

    // Back on the first file, its edit and undo history are still there.
    fireEvent.click(screen.getByRole('tab', { name: 'Blink.ino' }));
    await waitFor(() => expect(editorView().state.doc.toString()).toMatch(/^\/\/ one/));
    type('// three\n');
    fireEvent.keyDown(document.body, { key: 's', ctrlKey: true });
    await waitFor(() => expect(iot.state.sketchContent[id]?.files['Blink.ino']).toMatch(/^\/\/ three/));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('All changes saved'));
  });

  it('asks before leaving with unsaved changes', async () => {
    const { router } = await openBlink();
    type('// draft\n');
    fireEvent.click(screen.getByRole('link', { name: 'All sketches' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(at(router)).toBe(`/sketches/${id}/`);

    fireEvent.click(screen.getByRole('link', { name: 'All sketches' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    await waitFor(() => expect(at(router)).toBe('/sketches/'));
  });

  it("opens a thing's generated file read-only with a note", async () => {
    const iot = fakeIot({ things: [{ id: 't1', name: 'Greenhouse' } as Thing] });
    renderApp('/things/t1/', { handle: iot.handle });
    fireEvent.click(await screen.findByRole('button', { name: 'Create sketch' }));
    fireEvent.click(await screen.findByRole('link', { name: "Open the thing's sketch" }));
    fireEvent.click(await screen.findByRole('tab', { name: /thingProperties\.h/ }));
    expect(await screen.findByText(/generated from the thing's variables/)).toBeTruthy();
    await waitFor(() => expect(editorView().state.readOnly).toBe(true));
    expect(document.querySelector('.cm-content')?.getAttribute('aria-readonly')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Rename file' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete file' })).toBeNull();
  });

  it('adds, renames and deletes a file (after asking; Escape cancels)', async () => {
    const { iot } = await openBlink();
    fireEvent.click(screen.getByRole('button', { name: 'Add file' }));
    const add = dialog('Add file');
    fireEvent.change(within(add).getByLabelText('File name'), { target: { value: 'notes.exe' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add file' }));
    expect(within(add).getByRole('alert').textContent).toMatch(/End the name with one of/);
    fireEvent.change(within(add).getByLabelText('File name'), { target: { value: 'sensor.cpp' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add file' }));
    await waitFor(() => expect(tabs()).toEqual(['Blink.ino', 'led.h', 'sensor.cpp']));
    expect(screen.getByRole('tab', { name: 'sensor.cpp' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Rename file' }));
    fireEvent.change(within(dialog('Rename sensor.cpp')).getByLabelText('File name'), {
      target: { value: 'probe.cpp' },
    });
    fireEvent.click(within(dialog('Rename sensor.cpp')).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(tabs()).toEqual(['Blink.ino', 'led.h', 'probe.cpp']));

    fireEvent.click(screen.getByRole('button', { name: 'Delete file' }));
    fireEvent.keyDown(dialog('Delete probe.cpp'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(tabs()).toContain('probe.cpp');
    fireEvent.click(screen.getByRole('button', { name: 'Delete file' }));
    fireEvent.click(within(dialog('Delete probe.cpp')).getByRole('button', { name: 'Delete file' }));
    await waitFor(() => expect(tabs()).toEqual(['Blink.ino', 'led.h']));
    expect(Object.keys(iot.state.sketchContent[id]?.files ?? {})).not.toContain('probe.cpp');
    expect(screen.getByRole('tab', { name: 'Blink.ino' }).getAttribute('aria-selected')).toBe('true');
  });

  it('edits secrets masked, with a show toggle', async () => {
    const { iot } = await openBlink();
    fireEvent.click(screen.getByRole('button', { name: 'Secrets' }));
    const field = (await screen.findByLabelText('SECRET_PASS')) as HTMLInputElement;
    expect(field.type).toBe('password');
    expect(field.value).toBe('hunter2');
    fireEvent.click(screen.getByRole('button', { name: 'Show SECRET_PASS' }));
    expect(field.type).toBe('text');
    fireEvent.change(field, { target: { value: 'correct horse' } });
    fireEvent.change(screen.getByLabelText('Add a secret'), { target: { value: 'SECRET_SSID' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    fireEvent.change(screen.getByLabelText('SECRET_SSID'), { target: { value: 'home' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save secrets' }));
    await waitFor(() =>
      expect(iot.state.sketchContent[id]?.secrets).toEqual({
        SECRET_PASS: 'correct horse',
        SECRET_SSID: 'home',
      }),
    );
    expect(iot.sketches.calls.find((c) => c.method === 'PUT')?.url).toBe(`/v2/sketches/byID/${id}/secrets`);
    // The code view never shows them.
    expect(document.querySelector('.cm-content')?.textContent).not.toContain('correct horse');
  });
});
