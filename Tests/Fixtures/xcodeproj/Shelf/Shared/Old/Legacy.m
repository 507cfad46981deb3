#import <Foundation/Foundation.h>

NSString *LegacyButtonTitle(void) {
  return NSLocalizedString(@"legacy.button", @"Shelf only");
}
