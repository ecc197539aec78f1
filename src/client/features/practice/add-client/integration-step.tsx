import { Check, Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { accountingSoftwareChoices, presetClientTags } from '@shared/contracts/practice';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { labelledOptions, SelectField } from '@/components/ui/select-field';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { accountingSoftwareLabels } from '../practice-labels';
import type { AddClientForm } from './wizard-form';

const MAX_TAGS = 20;
const MAX_TAG_LENGTH = 40;

/** Spec practice 4: a tag is added only if non-empty and not already there; a preset chip toggles. */
export function addTag(tags: readonly string[], tag: string): string[] {
  const text = tag.trim();
  if (!text || tags.includes(text) || tags.length >= MAX_TAGS) return [...tags];
  return [...tags, text];
}

export function toggleTag(tags: readonly string[], tag: string): string[] {
  return tags.includes(tag) ? tags.filter((item) => item !== tag) : addTag(tags, tag);
}

/** The list's own message or the first tag's ("A tag must be at most 40 characters"). */
function firstTagError(error: AddClientForm['formState']['errors']['tags']): string | undefined {
  if (!error) return undefined;
  if (error.message) return error.message;
  for (let index = 0; index < MAX_TAGS; index += 1) {
    const message = error[index]?.message;
    if (message) return message;
  }
  return undefined;
}

/** Step 4: accounting software, tags (preset chips and custom ones) and notes. */
export function IntegrationStep({ form }: { form: AddClientForm }) {
  const { errors } = form.formState;
  const tags = useWatch({ control: form.control, name: 'tags' }) ?? [];
  const [custom, setCustom] = useState('');
  const setTags = (next: string[]) => form.setValue('tags', next, { shouldDirty: true });
  const customTags = tags.filter((tag) => !(presetClientTags as readonly string[]).includes(tag));
  const addCustom = () => {
    setTags(addTag(tags, custom));
    setCustom('');
  };
  const tagError = firstTagError(errors.tags);

  return (
    <div className="grid gap-6">
      <SelectField
        control={form.control}
        name="accountingSoftware"
        label="Accounting Software"
        className="max-w-sm"
        error={errors.accountingSoftware?.message}
        description="Integration setup is completed after the client is created."
        options={labelledOptions(accountingSoftwareChoices, accountingSoftwareLabels)}
      />

      <fieldset className="grid gap-3">
        <legend className="mb-3 text-sm font-medium text-slate-900">Client Tags</legend>
        <div className="flex flex-wrap gap-2">
          {presetClientTags.map((tag) => {
            const selected = tags.includes(tag);
            return (
              <button
                key={tag}
                type="button"
                aria-pressed={selected}
                onClick={() => setTags(toggleTag(tags, tag))}
                className={cn(
                  'inline-flex items-center gap-1 rounded-full border px-3 py-1 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  selected ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                )}
              >
                {selected && <Check className="size-3.5" aria-hidden="true" />}
                {tag}
              </button>
            );
          })}
        </div>
        {customTags.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Custom tags">
            {customTags.map((tag) => (
              <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm font-medium text-slate-800">
                <span className="break-all">{tag}</span>
                <button
                  type="button"
                  onClick={() => setTags(tags.filter((item) => item !== tag))}
                  className="rounded-full p-0.5 text-slate-600 hover:bg-slate-200 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  aria-label={`Remove tag ${tag}`}
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="flex max-w-md items-end gap-2">
          <Field label="Custom tag" className="flex-1" error={tagError} description={tags.length >= MAX_TAGS ? `At most ${MAX_TAGS} tags.` : undefined}>
            <Input
              value={custom}
              maxLength={MAX_TAG_LENGTH}
              placeholder="Add a custom tag"
              onChange={(event) => setCustom(event.target.value)}
              onKeyDown={(event) => {
                // Enter adds the tag instead of moving the wizard on.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addCustom();
                }
              }}
            />
          </Field>
          <Button type="button" variant="outline" onClick={addCustom} disabled={!custom.trim() || tags.length >= MAX_TAGS}>
            <Plus aria-hidden="true" />
            Add
          </Button>
        </div>
      </fieldset>

      <Field label="Notes" error={errors.notes?.message}>
        <Textarea rows={4} placeholder="Anything the team should know about this client" {...form.register('notes')} />
      </Field>
    </div>
  );
}
