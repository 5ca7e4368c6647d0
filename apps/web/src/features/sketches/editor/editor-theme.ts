import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags as t } from '@lezer/highlight';

/**
 * CodeMirror's look from the app's design tokens (`styles/base.css`): the tokens are `light-dark()` pairs, so
 * one theme follows the light and the dark theme without being rebuilt.
 */
const chrome = EditorView.theme({
  '&': {
    color: 'var(--color-text)',
    backgroundColor: 'var(--color-surface)',
    fontSize: '14px',
    height: '100%',
  },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.5' },
  '.cm-content': { caretColor: 'var(--color-primary)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--color-primary)' },
  '&.cm-focused': { outline: '2px solid var(--color-primary)', outlineOffset: '-2px' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'var(--color-primary-soft)',
  },
  '.cm-gutters': {
    backgroundColor: 'var(--color-bg)',
    color: 'var(--color-muted)',
    borderRight: '1px solid var(--color-border)',
  },
  '.cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--color-primary-soft) 45%, transparent)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--color-primary-soft)', color: 'var(--color-text)' },
  '.cm-matchingBracket, &.cm-focused .cm-matchingBracket': {
    backgroundColor: 'var(--color-primary-soft)',
    outline: '1px solid var(--color-primary)',
  },
  '.cm-searchMatch': { backgroundColor: 'color-mix(in srgb, var(--color-warning) 35%, transparent)' },
  '.cm-panels': {
    backgroundColor: 'var(--color-bg)',
    color: 'var(--color-text)',
    borderColor: 'var(--color-border)',
  },
  '.cm-panel input, .cm-panel button': { fontSize: '14px' },
  '.cm-textfield': {
    backgroundColor: 'var(--color-surface)',
    color: 'var(--color-text)',
    border: '1px solid var(--color-border)',
  },
  '.cm-button': {
    backgroundImage: 'none',
    backgroundColor: 'var(--color-surface)',
    color: 'var(--color-text)',
    border: '1px solid var(--color-border)',
  },
  '.cm-tooltip': {
    backgroundColor: 'var(--color-surface)',
    color: 'var(--color-text)',
    border: '1px solid var(--color-border)',
  },
  '.cm-tooltip-autocomplete ul li[aria-selected]': {
    backgroundColor: 'var(--color-primary-soft)',
    color: 'var(--color-text)',
  },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--color-danger)' },
  '.cm-diagnostic-warning': { borderLeftColor: 'var(--color-warning)' },
});

/** Token colours: readable on both surfaces (the tokens' own contrast), no colour carries meaning alone. */
const highlight = HighlightStyle.define([
  { tag: [t.keyword, t.controlKeyword, t.moduleKeyword], color: 'var(--color-info)', fontWeight: '600' },
  { tag: [t.processingInstruction, t.meta], color: 'var(--color-orange-text)' },
  { tag: [t.string, t.character], color: 'var(--color-success)' },
  { tag: [t.number, t.bool, t.null], color: 'var(--color-orange-text)' },
  { tag: [t.comment, t.lineComment, t.blockComment], color: 'var(--color-muted)', fontStyle: 'italic' },
  { tag: [t.typeName, t.standard(t.typeName)], color: 'var(--color-primary-strong)' },
  {
    tag: [t.function(t.variableName), t.function(t.propertyName)],
    color: 'var(--color-text)',
    fontWeight: '600',
  },
  { tag: [t.macroName], color: 'var(--color-danger)' },
  { tag: t.invalid, color: 'var(--color-danger)' },
]);

export const editorTheme = [chrome, syntaxHighlighting(highlight)];
