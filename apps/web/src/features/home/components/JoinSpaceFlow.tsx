import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { Field } from '@/components/Field.tsx';
import { LoadingButton } from '@/components/LoadingButton.tsx';
import {
  ALREADY_MEMBER,
  INVALID_CODE,
  InvalidCodeError,
  joinByCode,
  validateJoinCode,
} from '@/features/spaces/api/join.ts';
import { SPACES_KEY } from '@/features/spaces/api/spaces.ts';
import { logger } from '@/lib/logger.ts';
import { readAgain } from '@/lib/query-client.ts';
import { toast } from '@/lib/toast.tsx';
import { initialJoinStep, JOIN_REDIRECT_MS, type JoinStep } from '../model/flows.ts';

/**
 * Join a space by code (spec 4.5): start (enter the code) → join (confirm) → end (redirect after 500 ms),
 * or error when the join fails. A code of a space the user is in selects that space instead.
 */
export function JoinSpaceFlow({ initialCode, onFinish }: { initialCode: string; onFinish: () => void }) {
  const { api, config, spaces } = useServices();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<JoinStep>(() => initialJoinStep(initialCode));
  const [code, setCode] = useState(initialCode.trim());
  const [codeError, setCodeError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string>('');
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    if (step !== 'end') return;
    const timer = setTimeout(onFinish, JOIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [step, onFinish]);

  const check = async (event: FormEvent) => {
    event.preventDefault();
    if (checking) return;
    setChecking(true);
    try {
      await validateJoinCode(api, config, code);
      setCodeError(null);
      setStep('join');
    } catch (error) {
      if (error instanceof InvalidCodeError) setCodeError(INVALID_CODE);
      else {
        logger.warn('Join code check failed', error);
        setStep('error');
      }
    } finally {
      setChecking(false);
    }
  };

  const join = async () => {
    try {
      await validateJoinCode(api, config, code);
      const result = await joinByCode(api, config, code);
      await readAgain(queryClient, SPACES_KEY);
      spaces.select(result.organizationId);
      if (result.alreadyMember) {
        toast.info(ALREADY_MEMBER);
        setOutcome(ALREADY_MEMBER);
      } else {
        setOutcome(`You joined ${spaces.selected().name}.`);
      }
      setStep('end');
    } catch (error) {
      if (error instanceof InvalidCodeError) {
        setCodeError(INVALID_CODE);
        setStep('start');
        return;
      }
      logger.warn('Joining the space failed', error);
      setStep('error');
    }
  };

  return (
    <section className="flow-card" aria-label="Join a space" data-step={step} data-testid="join-flow">
      {step === 'start' && (
        <form onSubmit={(event) => void check(event)} className="form">
          <h2>Join a space</h2>
          <p className="muted">Enter the code your teacher or team admin gave you.</p>
          <Field label="Join code">
            {(control) => (
              <input
                {...control}
                value={code}
                autoComplete="off"
                aria-invalid={codeError !== null}
                aria-describedby={codeError ? 'join-code-error' : undefined}
                onChange={(event) => {
                  setCode(event.target.value);
                  setCodeError(null);
                }}
              />
            )}
          </Field>
          {codeError && (
            <p className="field-error" id="join-code-error" role="alert">
              {codeError}
            </p>
          )}
          <div className="choice-list">
            <button type="submit" className="button" disabled={checking || !code.trim()}>
              Continue
            </button>
            <button type="button" className="button button-subtle" onClick={onFinish}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {step === 'join' && (
        <>
          <h2>Join a space</h2>
          <p>
            Join the space with the code <strong className="join-code-inline">{code}</strong>?
          </p>
          <div className="choice-list">
            <LoadingButton onClick={join}>Join space</LoadingButton>
            <button type="button" className="button button-subtle" onClick={onFinish}>
              Cancel
            </button>
          </div>
        </>
      )}
      {step === 'end' && (
        <>
          <h2>Welcome!</h2>
          <p role="status">{outcome}</p>
        </>
      )}
      {step === 'error' && (
        <>
          <h2>Something went wrong</h2>
          <p role="alert">We could not add you to the space. Please try again.</p>
          <div className="choice-list">
            <button type="button" className="button" onClick={() => setStep('start')}>
              Try again
            </button>
            <button type="button" className="button button-subtle" onClick={onFinish}>
              Close
            </button>
          </div>
        </>
      )}
    </section>
  );
}
