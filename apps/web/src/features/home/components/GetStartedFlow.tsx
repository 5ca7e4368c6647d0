import { useState } from 'react';
import type { CreateKind, GetStartedStep } from '../model/flows.ts';
import { CreateSpaceForm } from './CreateSpaceForm.tsx';

/** First steps (spec 4.5): work alone in My Cloud, or create a school or team space. Starts at start. */
export function GetStartedFlow({
  isMinor,
  onJoin,
  onFinish,
}: {
  isMinor: boolean;
  onJoin: () => void;
  onFinish: () => void;
}) {
  const [step, setStep] = useState<GetStartedStep>('start');
  const [kind, setKind] = useState<CreateKind>('edu');
  const create = (k: CreateKind) => {
    setKind(k);
    setStep('create');
  };
  return (
    <section className="flow-card" aria-label="Get started" data-step={step} data-testid="get-started-flow">
      {step === 'start' && (
        <>
          <h2>Get started</h2>
          <p className="muted">Where do you want to work?</p>
          <div className="choice-list">
            <button type="button" className="button" onClick={() => setStep('end')}>
              On my own in My Cloud
            </button>
            <button type="button" className="button button-subtle" onClick={onJoin}>
              Join a shared space
            </button>
            {!isMinor && (
              <>
                <button type="button" className="button button-subtle" onClick={() => create('edu')}>
                  Create a school space
                </button>
                <button type="button" className="button button-subtle" onClick={() => create('pro')}>
                  Create a team space
                </button>
              </>
            )}
          </div>
        </>
      )}
      {step === 'create' && (
        <CreateSpaceForm
          initialKind={kind}
          onCreated={() => setStep('end')}
          onCancel={() => setStep('start')}
        />
      )}
      {step === 'end' && (
        <>
          <h2>You are all set</h2>
          <p>Add a device or write a sketch to begin.</p>
          <button type="button" className="button" onClick={onFinish}>
            Close
          </button>
        </>
      )}
    </section>
  );
}
