import { type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { roles } from '@shared/contracts/common';
import { type memberUpdateSchema, roleLabels } from '@shared/contracts/team';
import type { z } from 'zod';
import { Field } from '@/components/ui/field';
import { MoneyInput } from '@/components/ui/money-input';
import { labelledOptions, SelectField } from '@/components/ui/select-field';
import { useMoneyFormat } from '@/lib/money-format';

export type RoleAndLimit = z.input<typeof memberUpdateSchema>;

/** Role and approval limit, shared by the invite and edit dialogs; admins cannot hand out owner. */
export function RoleAndLimitFields<T extends RoleAndLimit, R>(props: {
  control: Control<T, unknown, R>;
  register: UseFormRegister<T>;
  errors: FieldErrors<RoleAndLimit>;
  canGrantOwner: boolean;
}) {
  const { currency } = useMoneyFormat();
  const control = props.control as unknown as Control<RoleAndLimit>;
  const register = props.register as unknown as UseFormRegister<RoleAndLimit>;
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
      <Field
        label="Approval limit"
        error={props.errors.approvalLimit?.message}
        description="The largest bill this person may approve."
      >
        <MoneyInput currencySymbol={currency.symbol} {...register('approvalLimit')} />
      </Field>
    </>
  );
}
