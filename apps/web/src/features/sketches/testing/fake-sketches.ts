import { type Sketch, type SketchFileEntry, THING_PROPERTIES_FILE, toErrorBody } from '@tinkercloud/shared';
import type { Named } from '@/features/lists/testing/fake-groups.ts';
import { ApiError, type RequestOptions } from '@/lib/api.ts';
import { base64ToText, textToBase64 } from '../model/base64.ts';

/** One sketch's files (text by name) and secrets, as the fake files API keeps them. */
export interface FakeSketchContent {
  files: Record<string, string>;
  /** Generated files (a thing's `thingProperties.h`). */
  readOnly?: string[];
  thing_id?: string;
  secrets?: Record<string, string>;
}

export interface SketchCall {
  method: string;
  url: string;
  body: unknown;
}

const ROOT = '$HOME/sketches_v2';
const STAMP = '2026-03-01T12:00:00.000Z';
const refused = (status: number, detail: string) =>
  new ApiError(
    toErrorBody({
      code: status === 404 ? 'not_found' : status === 409 ? 'conflict' : 'bad_request',
      detail,
      status,
    }),
  );
const blankIno = 'void setup() {\n}\n\nvoid loop() {\n}\n';

/**
 * An in-memory stand-in for the sketches and files API of `packages/shared/src/sketches/contracts.ts` (page
 * tests), over the fake IoT's sketches (`list`, whose entries are the group items) and the groups' placement.
 * Every call is recorded in `calls`; `refuseNext` makes the next write fail with that detail.
 */
export function fakeSketches({
  list,
  placement,
  trash,
  content,
}: {
  list: () => Named[];
  placement: Record<string, string>;
  trash: (record: Named) => void;
  content: Record<string, FakeSketchContent>;
}) {
  const calls: SketchCall[] = [];
  const zips: Record<string, Blob> = {};
  let made = 0;
  const state = { refuseNext: null as string | null };

  const contentOf = (named: Named): FakeSketchContent => {
    content[named.id] ??= { files: { [`${named.name}.ino`]: blankIno } };
    return content[named.id] as FakeSketchContent;
  };
  const find = (id: string) => {
    const found = list().find((s) => s.id === id);
    if (!found) throw refused(404, 'Sketch not found');
    return found;
  };
  const entry = (named: Named, name: string, text: string): SketchFileEntry => ({
    name,
    path: `${ROOT}/${named.name}/${name}`,
    type: 'file',
    mimetype: 'text/plain',
    size: text.length,
    modified_at: STAMP,
    ...(contentOf(named).readOnly?.includes(name) ? { read_only: true } : {}),
  });
  const sketch = (named: Named): Sketch => {
    const c = contentOf(named);
    const files = Object.entries(c.files).map(([name, text]) => entry(named, name, text));
    return {
      id: named.id,
      name: named.name,
      path: `${ROOT}/${named.name}`,
      user_id: 'u1',
      ...(c.thing_id ? { thing_id: c.thing_id } : {}),
      ...(placement[named.id] ? { folder_id: placement[named.id] } : {}),
      sketch_version: 'v2',
      ...(files.find((f) => f.name === `${named.name}.ino`)
        ? { ino: files.find((f) => f.name === `${named.name}.ino`) }
        : {}),
      files,
      created: named.created_at ?? STAMP,
      modified: named.updated_at ?? STAMP,
    };
  };
  /** `$HOME/sketches_v2/{sketch}/{file}` → the sketch and the file name. */
  const byPath = (path: string) => {
    const [sketchName, ...rest] = path.slice(`${ROOT}/`.length).split('/');
    const named = list().find((s) => s.name === sketchName);
    if (!path.startsWith(`${ROOT}/`) || !named || rest.length === 0) throw refused(404, 'File not found');
    return { named, name: rest.join('/'), c: contentOf(named) };
  };
  const taken = (name: string) => {
    if (list().some((s) => s.name === name)) throw refused(409, `A sketch named ${name} already exists`);
  };
  const add = (name: string, c: FakeSketchContent, folderId?: string | null) => {
    taken(name);
    made += 1;
    const named: Named = { id: `5c000000-0000-4000-8000-00000000000${made}`, name };
    list().push(named);
    content[named.id] = c;
    if (folderId) placement[named.id] = folderId;
    return sketch(named);
  };
  /** What the server's zip holds, as a Blob the page downloads (the test reads its name). */
  const zip = (named: Named) => {
    const blob = new Blob([JSON.stringify(Object.keys(contentOf(named).files))], { type: 'application/zip' });
    zips[named.id] = blob;
    return blob;
  };

  const handle = (url: string, options: RequestOptions): unknown => {
    const match = /^(?:\/create)?\/v2\/(files|sketches)(\/.*)?$/.exec(url.split('?')[0] ?? '');
    if (!match) return undefined;
    const method = options.method ?? 'GET';
    calls.push({ method, url, body: options.body });
    if (method !== 'GET' && state.refuseNext) {
      const detail = state.refuseNext;
      state.refuseNext = null;
      throw refused(400, detail);
    }
    const body = (options.body ?? {}) as Record<string, unknown>;
    const rest = decodeURIComponent(match[2] ?? '');
    if (match[1] === 'sketches') {
      if (!rest && method === 'POST') {
        const files = body.files as { name: string; data: string }[] | undefined;
        const name = String(body.name);
        const texts = files
          ? Object.fromEntries(files.map((f) => [f.name, base64ToText(f.data)]))
          : { [`${name}.ino`]: blankIno };
        return add(name, { files: texts }, body.folder_id as string | undefined);
      }
      const [, , id = '', action] = rest.split('/'); // '', 'byID', id, action
      const named = find(id);
      const c = contentOf(named);
      if (!action && method === 'GET') return sketch(named);
      if (!action && method === 'PATCH') {
        const name = String(body.name);
        if (name !== named.name) taken(name);
        const ino = c.files[`${named.name}.ino`];
        if (ino !== undefined) {
          delete c.files[`${named.name}.ino`];
          c.files[`${name}.ino`] = ino;
        }
        named.name = name;
        return sketch(named);
      }
      if (!action && method === 'DELETE') {
        trash(named);
        return null;
      }
      if (action === 'duplicate') {
        const name = typeof body.name === 'string' ? body.name : `${named.name}_copy`;
        const files = Object.fromEntries(
          Object.entries(c.files).map(([f, text]) => [f === `${named.name}.ino` ? `${name}.ino` : f, text]),
        );
        return add(name, { files }, placement[named.id]);
      }
      if (action === 'zip') return zip(named);
      if (action === 'secrets') {
        if (method === 'PUT') {
          const next: Record<string, string> = {};
          for (const s of (body as { secrets: { name: string; value: string }[] }).secrets)
            if (s.value) next[s.name] = s.value;
          c.secrets = next;
          return null;
        }
        // Every secret the code names, with its stored value or ''.
        const named = new Set(
          Object.values(c.files).flatMap((text) => text.match(/SECRET_[A-Z0-9_]+/g) ?? []),
        );
        for (const k of Object.keys(c.secrets ?? {})) named.add(k);
        return { secrets: [...named].sort().map((n) => ({ name: n, value: c.secrets?.[n] ?? '' })) };
      }
      throw refused(404, 'Not found');
    }
    // The files API.
    if (rest === '/mv' && method === 'POST') {
      const from = byPath(String(body.from));
      const to = byPath(String(body.to));
      const text = from.c.files[from.name];
      if (text === undefined) throw refused(404, 'File not found');
      if (to.c.files[to.name] !== undefined) throw refused(409, `${to.name} already exists`);
      delete from.c.files[from.name];
      to.c.files[to.name] = text;
      return null;
    }
    const path = rest.slice('/f/'.length);
    const { named, name, c } = byPath(path);
    const text = c.files[name];
    if (method === 'GET') {
      if (text === undefined) throw refused(404, 'File not found');
      return { ...entry(named, name, text), data: textToBase64(text) };
    }
    if (method === 'POST') {
      if (c.readOnly?.includes(name)) throw refused(400, `${name} is generated from the thing`);
      c.files[name] = base64ToText(String(body.data));
      return null;
    }
    if (method === 'DELETE') {
      if (name === `${named.name}.ino`) throw refused(400, 'The main .ino cannot be deleted');
      delete c.files[name];
      return null;
    }
    throw refused(404, 'Not found');
  };

  /** A thing's sketch, as `PUT /iot/v2/things/{id}/sketch` generates it. */
  const generateForThing = (thing: { id: string; name: string }) => {
    const name = `${thing.name.replace(/[^A-Za-z0-9_.-]/g, '_')}_sketch`;
    return add(name, {
      files: {
        [`${name}.ino`]:
          '#include "thingProperties.h"\n\nvoid setup() {\n  initProperties();\n}\n\nvoid loop() {\n  ArduinoCloud.update();\n}\n',
        [THING_PROPERTIES_FILE]: "// Generated from the thing's variables\n",
      },
      readOnly: [THING_PROPERTIES_FILE],
      thing_id: thing.id,
    });
  };

  return { calls, state, content, zips, handle, generateForThing };
}
