import { useState } from 'react';
import type { TwoFactorEnrolment } from '@shared/contracts/two-factor';
import { securityFailed, securitySaved } from './security-toasts';
import { RecoveryCodesDialog } from './recovery-codes-dialog';
import { ToggleRow } from '@/components/ui/toggle-row';
import { useStartTwoFactorEnrolment } from './two-factor-api';
import { TwoFactorDisableDialog } from './two-factor-disable-dialog';
import { TwoFactorEnrolmentDialog } from './two-factor-enrolment-dialog';

/**
 * The Two-Factor Authentication switch: on starts enrolment (it is on only once a first code is
 * confirmed), off asks for a code or the password. The switch shows the server's state.
 */
export function TwoFactorToggle({ enabled }: { enabled: boolean }) {
  const start = useStartTwoFactorEnrolment();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [disabling, setDisabling] = useState(false);
  const change = (checked: boolean) => {
    if (!checked) {
      setDisabling(true);
      return;
    }
    start.mutate(undefined, {
      onSuccess: setEnrolment,
      onError: securityFailed,
    });
  };
  return (
    <>
      <ToggleRow
        label="Two-Factor Authentication"
        description="Ask for a code from an authenticator app when signing in."
        checked={enabled}
        disabled={start.isPending}
        onChange={change}
      />
      {enabled && <RecoveryCodesDialog />}
      <TwoFactorEnrolmentDialog
        enrolment={enrolment}
        onClose={() => setEnrolment(null)}
        onEnabled={() => {
          setEnrolment(null);
          securitySaved();
        }}
      />
      <TwoFactorDisableDialog
        open={disabling}
        onClose={() => setDisabling(false)}
        onDisabled={() => {
          setDisabling(false);
          securitySaved();
        }}
      />
    </>
  );
}
