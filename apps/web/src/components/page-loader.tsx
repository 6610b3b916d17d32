import { Center, Loader } from '@mantine/core';

export const PageLoader = () => (
  <Center mih="40vh">
    <Loader aria-label="Loading" />
  </Center>
);
