import { useId } from 'react';
import { type Control, Controller, type FieldErrors } from 'react-hook-form';
import { roles } from '@shared/contracts/common';
import { type memberUpdateSchema, roleLabels } from '@shared/contracts/team';
import type { z } from 'zod';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { MoneyInput } from '@/components/ui/money-input';
import { labelledOptions, SelectField } from '@/components/ui/select-field';
import { useMoneyFormat } from '@/lib/money-format';

export type RoleAndLimit = z.input<typeof memberUpdateSchema>;

/**
 * Role and approval limit, shared by the invite and edit dialogs; admins cannot hand out owner.
 * The limit is an amount or, ticked on purpose, "No limit" (null).
 */
export function RoleAndLimitFields<T extends RoleAndLimit, R>(props: {
  control: Control<T, unknown, R>;
  errors: FieldErrors<RoleAndLimit>;
  canGrantOwner: boolean;
}) {
  const { currency } = useMoneyFormat();
  const control = props.control as unknown as Control<RoleAndLimit>;
  const noLimitId = useId();
  return (
    <>
      <SelectField
        control={control}
        name="role"
        label="Role"
        error={props.errors.role?.message}
        placeholder="Choose a role"
        options={labelledOptions(
          roles.filter((role) => role !== 'owner' || props.canGrantOwner),
          roleLabels,
        )}
      />
      <Controller
        control={control}
        name="approvalLimit"
        render={({ field }) => (
          <div className="grid gap-2">
            <Field
              label="Approval limit"
              error={props.errors.approvalLimit?.message}
              description={field.value === null ? 'May approve bills of any amount.' : 'The largest bill this person may approve; 0 allows none above 0.'}
            >
              <MoneyInput
                currencySymbol={currency.symbol}
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={field.value === null ? '' : String(field.value ?? '')}
                onValueChange={field.onChange}
                disabled={field.value === null}
                placeholder={field.value === null ? 'No limit' : 'Amount'}
              />
            </Field>
            <div className="flex items-center gap-2">
              <Checkbox
                id={noLimitId}
                checked={field.value === null}
                onCheckedChange={(checked) => field.onChange(checked === true ? null : '')}
              />
              <Label htmlFor={noLimitId} className="font-normal">
                No limit
              </Label>
            </div>
          </div>
        )}
      />
    </>
  );
}
