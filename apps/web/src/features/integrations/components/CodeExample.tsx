import { useId } from 'react';
import { toast } from '@/lib/toast.tsx';
import '../integrations.css';

/** A titled, copyable code sample; the code block scrolls on its own on narrow screens. */
export function CodeExample({
  title,
  intro,
  code,
  testId,
}: {
  title: string;
  intro: string;
  code: string;
  testId: string;
}) {
  const headingId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast.success(`${title} example copied to the clipboard`);
    } catch {
      toast.error(`${title} example could not be copied. Select it and copy it by hand.`);
    }
  };
  return (
    <section className="code-example" aria-labelledby={headingId}>
      <div className="code-example-head">
        <h2 id={headingId}>{title}</h2>
        <button
          type="button"
          className="button button-subtle button-small"
          onClick={() => void copy()}
          aria-label={`Copy the ${title} example`}
        >
          Copy
        </button>
      </div>
      <p className="muted">{intro}</p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable block must be reachable by keyboard to scroll it. */}
      <pre className="code-example-code" tabIndex={0} data-testid={testId}>
        <code>{code}</code>
      </pre>
    </section>
  );
}
