// autocannon's setupRequest for the booking load. It runs in autocannon's worker thread, which loads it with require(),
// hence CommonJS and the list in a file: each request books the next free slot of the list, as the patient it names.
const { readFileSync } = require('node:fs');

const { bookings, tokens } = JSON.parse(readFileSync(process.env.BENCH_BOOKINGS, 'utf8'));
let next = 0;

module.exports = (request) => {
  const { patient, ...body } = bookings[next++ % bookings.length];
  return {
    ...request,
    headers: { ...request.headers, authorization: `Bearer ${tokens[patient]}` },
    body: JSON.stringify(body),
  };
};
