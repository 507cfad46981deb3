#import <Foundation/Foundation.h>
#define L(key) NSLocalizedString(key, nil)

// NSLocalizedString(@"in a comment", nil) \
   continued
@implementation Legacy
- (NSString *)title {
  char c = '"'; int n = 1'000;
  NSString *a = NSLocalizedString(@"legacy.title " @"joined", @"comment");
  NSString *b = NSLocalizedStringFromTableInBundle(@"legacy.\x41\101", @"Table", self.bundle, nil);
  return [[NSBundle mainBundle] localizedStringForKey:@"legacy.key" value:@"" table:nil];
}
@end
