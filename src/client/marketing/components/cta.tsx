import type { Action } from '../content/types';
import { ActionRow } from './action-link';

export function Cta(props: { title: string; lead: string; actions: Action[] }) {
  return (
    <section aria-labelledby="closing-call" className="bg-blue-800 text-white">
      <div className="mx-auto flex max-w-4xl flex-col items-center px-4 py-16 text-center sm:px-6">
        <h2 id="closing-call" className="text-2xl font-bold sm:text-3xl">
          {props.title}
        </h2>
        <p className="mt-3 max-w-2xl text-blue-100">{props.lead}</p>
        <div className="mt-8">
          <ActionRow actions={props.actions} onDark />
        </div>
      </div>
    </section>
  );
}
