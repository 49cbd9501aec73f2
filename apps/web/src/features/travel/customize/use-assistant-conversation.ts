import { useState } from 'react';
import { useTripSuggestions } from './customize-api';

/**
 * What was asked and answered, kept by the dialog so that it survives switching tabs (an idea
 * applied on the Customize tab is still there when the person comes back).
 */
export function useAssistantConversation() {
  const [message, setMessage] = useState('');
  const [applied, setApplied] = useState<ReadonlySet<number>>(new Set());
  const suggestions = useTripSuggestions();
  return { message, setMessage, applied, setApplied, suggestions };
}
export type AssistantConversation = ReturnType<typeof useAssistantConversation>;
