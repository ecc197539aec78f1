import { useEffect } from 'react';
import type { PageMeta } from './content/types';

/** Sets the tab title and the meta description for a public page, restoring both on leave. */
export function usePageMeta({ title, description }: PageMeta): void {
  useEffect(() => {
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    const previous = { title: document.title, description: tag.content };
    document.title = title;
    tag.content = description;
    const current = tag;
    // Signed-in screens set no meta of their own, so they get the site defaults back.
    return () => {
      document.title = previous.title;
      current.content = previous.description;
    };
  }, [title, description]);
}
