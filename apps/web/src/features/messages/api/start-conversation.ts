import type { ConversationDetail, StartConversationBody } from '@rozmova/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const startConversation = (body: StartConversationBody) =>
  api<ConversationDetail>('/conversations', { method: 'POST', body });

export const useStartConversation = () => useMutation({ mutationFn: startConversation });
