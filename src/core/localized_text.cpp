#include "core/localized_text.hpp"

namespace czary {

LocalizedText ArgRef::value() const { return text_ ? *text_ : LocalizedText(std::string(plain_)); }

Args::Args(const char* name, ArgRef value) { values_.emplace_back(name, value.value()); }

Args::Args(const char* name1, ArgRef value1, const char* name2, ArgRef value2) {
    values_.reserve(2);
    values_.emplace_back(name1, value1.value());
    values_.emplace_back(name2, value2.value());
}

Args::Args(const char* name1, ArgRef value1, const char* name2, ArgRef value2, const char* name3, ArgRef value3) {
    values_.reserve(3);
    values_.emplace_back(name1, value1.value());
    values_.emplace_back(name2, value2.value());
    values_.emplace_back(name3, value3.value());
}

}  // namespace czary
