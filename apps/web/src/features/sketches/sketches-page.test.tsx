import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { strToU8, zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { at, renderApp, space } from '@/test/app-harness.tsx';
import { fakeIot } from '../iot/testing/fake-iot.ts';
import { base64ToText } from './model/base64.ts';

const blink = { id: '5c000000-0000-4000-8000-0000000000b1', name: 'Blink' };
const rows = () => screen.queryAllByTestId('sketch-row');
const names = () => rows().map((r) => r.querySelector('a')?.textContent);
const dialog = (name: string) => screen.getByRole('dialog', { name });
const sketchCalls = (iot: ReturnType<typeof fakeIot>, method: string) =>
  iot.sketches.calls.filter((c) => c.method === method);

const realCreate = URL.createObjectURL;
const realRevoke = URL.revokeObjectURL;
afterEach(() => {
  URL.createObjectURL = realCreate;
  URL.revokeObjectURL = realRevoke;
});

describe('Sketches page', () => {
  it('names a new sketch with the conformant preview, refuses a bad name and opens the editor', async () => {
    const iot = fakeIot();
    const { router } = renderApp('/sketches/', { handle: iot.handle });
    expect(await screen.findByText('No sketches yet')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New sketch' }));
    const field = within(dialog('New sketch')).getByLabelText('Sketch name');
    fireEvent.change(field, { target: { value: '!!!' } });
    expect(within(dialog('New sketch')).getByRole('alert').textContent).toMatch(/none of these characters/);
    fireEvent.click(within(dialog('New sketch')).getByRole('button', { name: 'Create sketch' }));
    expect(sketchCalls(iot, 'POST')).toHaveLength(0);

    fireEvent.change(field, { target: { value: "Mon capteur d'été" } });
    expect(screen.getByTestId('sketch-name-preview').textContent).toBe('Saved as Mon_capteur_dete');
    expect(within(dialog('New sketch')).queryByRole('alert')).toBeNull();
    fireEvent.click(within(dialog('New sketch')).getByRole('button', { name: 'Create sketch' }));

    await waitFor(() => expect(at(router)).toMatch(/^\/sketches\/5c0.+\/$/));
    expect(sketchCalls(iot, 'POST')[0]?.body).toEqual({ name: 'Mon_capteur_dete' });
    expect(await screen.findByRole('tab', { name: 'Mon_capteur_dete.ino' })).toBeTruthy();
  });

  it('creates a sketch in the folder shown', async () => {
    const folder = {
      id: 'f1',
      name: 'Lab',
      kind: 'SKETCH' as const,
      created_at: '2026-03-01T12:00:00.000Z',
      updated_at: '2026-03-01T12:00:00.000Z',
    };
    const iot = fakeIot({}, { folders: [folder] });
    renderApp('/sketches/', { handle: iot.handle });
    fireEvent.click(await screen.findByRole('button', { name: 'Lab' }));
    expect(await screen.findByText('This folder is empty')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New sketch' }));
    fireEvent.change(within(dialog('New sketch')).getByLabelText('Sketch name'), {
      target: { value: 'Probe' },
    });
    fireEvent.click(within(dialog('New sketch')).getByRole('button', { name: 'Create sketch' }));
    await waitFor(() => expect(sketchCalls(iot, 'POST')).toHaveLength(1));
    expect(sketchCalls(iot, 'POST')[0]?.body).toEqual({ name: 'Probe', folder_id: 'f1' });
    expect(iot.groups.state.placement[iot.state.sketches[0]?.id ?? '']).toBe('f1');
  });

  it('renames and duplicates a sketch from its row', async () => {
    const iot = fakeIot({ sketches: [{ ...blink }] });
    renderApp('/sketches/', { handle: iot.handle });
    await waitFor(() => expect(names()).toEqual(['Blink']));
    expect(rows()[0]?.querySelector('a')?.getAttribute('href')).toBe(`/sketches/${blink.id}/`);

    fireEvent.click(screen.getByRole('button', { name: 'Rename Blink' }));
    const rename = dialog('Rename Blink');
    fireEvent.change(within(rename).getByLabelText('Sketch name'), { target: { value: 'Blink fast' } });
    fireEvent.click(within(rename).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(names()).toEqual(['Blink_fast']));
    expect(sketchCalls(iot, 'PATCH')[0]).toMatchObject({
      url: `/v2/sketches/byID/${blink.id}`,
      body: { name: 'Blink_fast' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Duplicate Blink_fast' }));
    const copy = dialog('Duplicate Blink_fast');
    expect((within(copy).getByLabelText('Sketch name') as HTMLInputElement).value).toBe('Blink_fast_copy');
    fireEvent.click(within(copy).getByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(names()?.sort()).toEqual(['Blink_fast', 'Blink_fast_copy']));
    expect(Object.keys(iot.state.sketchContent[iot.state.sketches[1]?.id ?? '']?.files ?? {})).toEqual([
      'Blink_fast_copy.ino',
    ]);
  });

  it('keeps the dialog open and toasts the server when a name is taken', async () => {
    const iot = fakeIot({ sketches: [{ ...blink }, { id: 's2', name: 'Other' }] });
    renderApp('/sketches/', { handle: iot.handle });
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Rename Other' }));
    fireEvent.change(within(dialog('Rename Other')).getByLabelText('Sketch name'), {
      target: { value: 'Blink' },
    });
    fireEvent.click(within(dialog('Rename Other')).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText(/A sketch named Blink already exists/)).toBeTruthy();
    expect(dialog('Rename Other')).toBeTruthy();
  });

  it('sends a sketch to the trash with Undo', async () => {
    const iot = fakeIot({ sketches: [{ ...blink }] });
    renderApp('/sketches/', { handle: iot.handle });
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Blink' }));
    expect(await screen.findByText('Blink was moved to the trash')).toBeTruthy();
    expect(sketchCalls(iot, 'DELETE').map((c) => c.url)).toEqual([`/v2/sketches/byID/${blink.id}`]);
    await waitFor(() => expect(rows()).toHaveLength(0));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(names()).toEqual(['Blink']));
  });

  it('downloads the zip the server makes', async () => {
    const saved: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      saved.push(blob);
      return 'blob:zip';
    };
    URL.revokeObjectURL = () => undefined;
    const iot = fakeIot({ sketches: [{ ...blink }] });
    renderApp('/sketches/', { handle: iot.handle });
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Download Blink' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toBe(iot.sketches.zips[blink.id]);
  });

  it('uploads a zip: unzipped in the browser, its top folder stripped', async () => {
    const iot = fakeIot();
    renderApp('/sketches/', { handle: iot.handle });
    expect(await screen.findByText('No sketches yet')).toBeTruthy();
    const zip = zipSync({
      'Mon capteur/Mon capteur.ino': strToU8('void setup() {}\nvoid loop() {}\n'),
      'Mon capteur/sensor.h': strToU8('#pragma once\n'),
    });
    const input = screen.getByLabelText('Sketch file to upload (.ino or .zip)');
    fireEvent.change(input, { target: { files: [new File([zip], 'Mon capteur.zip')] } });
    await waitFor(() => expect(names()).toEqual(['Mon_capteur']));
    const body = sketchCalls(iot, 'POST')[0]?.body as {
      name: string;
      files: { name: string; data: string }[];
    };
    expect(body.name).toBe('Mon_capteur');
    expect(body.files.map((f) => f.name).sort()).toEqual(['Mon_capteur.ino', 'sensor.h']);
    expect(base64ToText(body.files.find((f) => f.name === 'sensor.h')?.data ?? '')).toBe('#pragma once\n');
  });

  it("toasts the server's refusal of an upload", async () => {
    const iot = fakeIot();
    iot.sketches.state.refuseNext = 'The sketches of this space use all of their disk.';
    renderApp('/sketches/', { handle: iot.handle });
    expect(await screen.findByText('No sketches yet')).toBeTruthy();
    const input = screen.getByLabelText('Sketch file to upload (.ino or .zip)');
    fireEvent.change(input, { target: { files: [new File(['void setup(){}'], 'Blink.ino')] } });
    expect(await screen.findByText(/use all of their disk/)).toBeTruthy();
    expect(rows()).toHaveLength(0);
  });

  it('lets a student (iot.write, no iot.delete) make and rename sketches but not delete them', async () => {
    const iot = fakeIot({ sketches: [{ ...blink }] });
    const school = space({ id: 'edu1', name: 'Hilltop School', space: 'edu', roles: ['role:edu-student'] });
    renderApp('/sketches/', { handle: iot.handle, organizations: [school], selectedId: 'edu1' });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'New sketch' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rename Blink' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Blink' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download Blink' })).toBeTruthy();
  });
});
