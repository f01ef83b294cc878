/* Lists the NNAdapter devices this machine can open, through the NNAdapter
 * C API (nnadapter/nnadapter.h, libnnadapter.so). */
#include <stdint.h>
#include <stdio.h>

#include "nnadapter/nnadapter.h"

int main(void) {
  uint32_t version = 0, count = 0, i;
  if (NNAdapter_getVersion(&version) != NNADAPTER_NO_ERROR ||
      NNAdapter_getDeviceCount(&count) != NNADAPTER_NO_ERROR) {
    fprintf(stderr, "error: %s\n", NNAdapter_getLastErrorMessage());
    return 1;
  }
  printf("NNAdapter version %u, %u device(s):", (unsigned)version, (unsigned)count);
  for (i = 0; i < count; ++i) {
    const char* name = NULL;
    if (NNAdapter_getDeviceName(i, &name) != NNADAPTER_NO_ERROR) {
      fprintf(stderr, "\nerror: %s\n", NNAdapter_getLastErrorMessage());
      return 1;
    }
    printf(" %s", name);
  }
  printf("\n");
  return 0;
}
