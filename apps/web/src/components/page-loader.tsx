import { Center, Loader } from '@mantine/core';

export const PageLoader = () => (
  <Center mih="40vh">
    <Loader role="status" aria-label="Loading" />
  </Center>
);
